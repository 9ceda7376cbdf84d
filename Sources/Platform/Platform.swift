// The Platform module. See docs/architecture.md.
