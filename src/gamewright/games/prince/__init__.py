"""Space Prince: natal charts, turn resolution, encounters, runs and metaprogression."""
