package app_test

import "flag"

// The flag -update rewrites app/chart's golden files; it is defined here too
// so that `go test ./app/... -update` runs every package of app/.
var _ = flag.Bool("update", false, "rewrite app/chart/testdata (no golden files here)")
