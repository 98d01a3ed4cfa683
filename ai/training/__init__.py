"""Training the learned players: the evolved discarder and the strategy weights."""
