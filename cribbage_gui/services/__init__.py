"""The application without its windows: everything the program does for a player that is
not drawing. The game history (``history``, recovered by ``salvage`` when damaged), the
review of a finished game (``review``), game files (``gamefile``), practice positions and
the counting drill (``practice``), the lessons' scripts (``lessons``) and the command line of
matches, tournaments, the review and the engine protocol (``match_commands``).

Nothing here imports Qt (an import-linter contract keeps it so): the windows above draw
what these modules decide, and the command line uses them without a display. Below them is
``ai`` (the computer players and what evaluates them), which imports nothing from here.
"""
