"""The card table: the game on the table (its model, controller and presenter, what it says
about the play, its autosave after every action), the board, the cards and the controls a
player uses, watching computer games, and the table as a screen reader and keyboard reach
it."""
