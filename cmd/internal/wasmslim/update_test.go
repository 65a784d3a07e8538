package wasmslim

import "flag"

// -update rewrites golden files where a package has them; it is defined here
// too, so that `go test ./... -update` runs every package.
var _ = flag.Bool("update", false, "rewrite golden files (none in this package)")
