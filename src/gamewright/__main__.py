from gamewright.cli.main import entry

entry()
