"""Practice: positions to learn from (the player's own mistakes, a built-in set), their
spaced repetition and ratings, and the counting trainer. No Qt here: the window's practice
and trainer dialogs, and the ``cribbage practice`` command, use these."""
