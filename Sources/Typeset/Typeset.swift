// The Typeset module. See docs/architecture.md.
