"""The service's shell commands by subject (`packdesk serve`, `serve COMMAND`, `accounts`,
`storage`); service/cli.py says which module runs which command."""
