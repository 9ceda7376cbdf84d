// The Touch module. See docs/architecture.md.
