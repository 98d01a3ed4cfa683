"""What every window stands on: the theme and its colours, the settings, sound, background
jobs off the GUI thread, the words shown for cards and players, and the helpers every table
of figures uses (sorting, sizing, the review's marks)."""
