"""Use cases shared by the CLI and the web: one transaction each."""
