"""`pnp playtest`: play one seat of a game against agents in the browser (a local page
served on 127.0.0.1), and the replay written at the end."""
