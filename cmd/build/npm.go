package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

// ensureNodeModules runs npm ci in root unless node_modules already holds
// exactly the packages of package-lock.json.
func ensureNodeModules(root string) error {
	fresh, why := nodeModulesFresh(root)
	if fresh {
		return nil
	}
	log.Printf("npm ci (%s)", why)
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = root
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci: %w (is node with npm installed?)", err)
	}
	return nil
}

// nodeModulesFresh compares package-lock.json with the lockfile npm keeps in
// node_modules/.package-lock.json after every install; it says why not when
// they differ.
func nodeModulesFresh(root string) (bool, string) {
	type lock struct {
		Packages map[string]struct {
			Version   string `json:"version"`
			Integrity string `json:"integrity"`
		} `json:"packages"`
	}
	read := func(name string) (*lock, error) {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			return nil, err
		}
		var l lock
		if err := json.Unmarshal(data, &l); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &l, nil
	}
	want, err := read("package-lock.json")
	if err != nil {
		return false, err.Error()
	}
	have, err := read(filepath.Join("node_modules", ".package-lock.json"))
	if err != nil {
		return false, "node_modules is missing"
	}
	for path, p := range want.Packages {
		if path == "" {
			continue // the project itself
		}
		h, ok := have.Packages[path]
		if !ok {
			// npm leaves optional packages of other platforms out.
			if _, err := os.Stat(filepath.Join(root, path)); err != nil {
				continue
			}
			return false, path + " is not recorded in node_modules"
		}
		if h.Version != p.Version || h.Integrity != p.Integrity {
			return false, fmt.Sprintf("%s is %s, package-lock.json wants %s", path, h.Version, p.Version)
		}
	}
	for path := range have.Packages {
		if _, ok := want.Packages[path]; !ok {
			return false, path + " is not in package-lock.json"
		}
	}
	for _, path := range []string{"node_modules/echarts/package.json", "node_modules/.bin/esbuild"} {
		if _, err := os.Stat(filepath.Join(root, path)); err != nil {
			return false, path + " is missing"
		}
	}
	return true, ""
}

// bundleECharts bundles cmd/build/echarts-entry.js into dst with the esbuild
// pinned in package.json.
func bundleECharts(root, dst string) error {
	tmp := dst + ".tmp"
	cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "esbuild"),
		filepath.Join("cmd", "build", "echarts-entry.js"),
		"--bundle",
		"--minify",
		"--format=iife",
		"--target=es2020",
		"--legal-comments=eof",
		`--define:process.env.NODE_ENV="production"`,
		"--log-level=warning",
		"--outfile="+tmp,
	)
	cmd.Dir = root
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("bundling ECharts with esbuild: %w", err)
	}
	return os.Rename(tmp, dst)
}
