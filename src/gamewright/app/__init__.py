"""The use cases the CLI and the web share, one transaction each: they read and write the store and apply the
rules of ``games``; the front ends only parse input, call them and format the answer."""
