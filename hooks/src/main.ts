// Entry of `context-mode hook <host> <event>`. Placeholder until the hook runtime lands: never fails the host.
process.exitCode = 0;
