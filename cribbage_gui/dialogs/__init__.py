"""The dialogs: a new game, settings, a quick run, and the questions the window asks (resume
the saved game, a game open in another window)."""
