// Package modroot finds this module's root for the commands that build
// from it (cmd/build, cmd/bench).
package modroot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// Find returns the directory of the go.mod of this module, looking up from
// the working directory.
func Find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(data), "module github.com/attnviz/attnviz\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run inside the attnviz module: no go.mod of github.com/attnviz/attnviz found above the working directory")
		}
		dir = parent
	}
}
