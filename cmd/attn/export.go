package main

import "github.com/attnviz/attnviz/attention/export"

// The text format's helpers, from package export: oneLine uses printable.
var (
	printable = export.Printable
	width     = export.Width
	fit       = export.Fit
	shade     = export.Shade
)
