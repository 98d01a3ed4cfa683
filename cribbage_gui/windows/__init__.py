"""The windows: the main window that assembles the table, its panels and menus (with the
guided first game's coach wired in), and the windows it opens: the review, practice, the
counting trainer, statistics and help."""
