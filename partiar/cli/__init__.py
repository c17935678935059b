"""The `partiar` command line: the only layer that parses arguments, prints and maps errors to exit statuses."""
