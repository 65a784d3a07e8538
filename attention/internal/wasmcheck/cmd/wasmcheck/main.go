// Command wasmcheck prints wasmcheck.Dump, for comparison across GOARCH.
package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/attnviz/attnviz/attention/internal/wasmcheck"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	err := wasmcheck.Dump(w)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmcheck:", err)
		os.Exit(1)
	}
}
