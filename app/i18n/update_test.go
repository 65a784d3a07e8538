package i18n

import "flag"

// update, the flag -update, rewrites messages_gen.go (TestTables); app/chart
// takes it too, for its golden files, so that `go test ./app/... -update`
// runs every package of app/.
var update = flag.Bool("update", false, "rewrite messages_gen.go from the texts' sources")
