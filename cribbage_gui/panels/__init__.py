"""The panels docked beside the table: the game log, the decisions and the computer's
reasoning, the coach, the strategy-weights heatmap, and the charts they draw."""
