// The Raster module. See docs/architecture.md.
