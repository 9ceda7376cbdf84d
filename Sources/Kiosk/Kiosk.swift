// The Kiosk module. See docs/architecture.md.
