"""The engine core: protocols, randomness, records and rule catalogues (stdlib only)."""
