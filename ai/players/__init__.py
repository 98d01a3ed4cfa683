"""The computer opponents, one module each."""
