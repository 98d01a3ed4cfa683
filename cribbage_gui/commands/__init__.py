"""The window's own commands on the command line: ``cribbage watch``, ``cribbage screenshots``
and ``cribbage bench-gui``. Qt is imported only when one runs."""
