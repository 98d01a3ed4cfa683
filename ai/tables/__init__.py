"""What the computer players load and compute while playing: the trained tables (their
files and sidecars), the numbering of suitless hands and the split table, the suitless
split expectations, and the compiled parts of the learned players' decisions. Building and
training these tables is ``ai.training``, which nothing here imports."""
