// Command wasmsize reports where the code of a Go WebAssembly binary goes:
// the bytes of its functions by Go package, from the binary's name section,
// and its sections, each also gzipped (level 6, as the preview server and
// the benchmark serve app.wasm).
//
//	go run ./cmd/wasmsize [-n 25] [-funcs PKG] [-o app.wasm] [file.wasm]
//
// Without a file it builds ./cmd/wasm as cmd/build does (its wasmGCFlags,
// against cmd/internal/wasmslim's copies of go-app, go-echarts and gonum), but
// keeping the names (without -ldflags="-s -w", which drop the name section;
// the code is the same). A package's gzip column is its code gzipped on its own: a guide
// to what it adds to app.wasm as served, not an exact share. The data
// section (types, strings, the pc tables) is not split by package.
// -funcs lists the largest functions of the packages whose names start with
// PKG, as the name section spells them ("/" and "-" become "_"; for example
// github.com_attnviz_attnviz_app).
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/attnviz/attnviz/cmd/internal/wasmslim"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("wasmsize: ")
	top := flag.Int("n", 25, "packages (or functions) to list")
	funcs := flag.String("funcs", "", "list the functions of the packages starting with this mangled name")
	keep := flag.String("o", "", "without a file: keep the app.wasm built, names and all, at this path (for Chromium's profiler)")
	flag.Parse()
	path := flag.Arg(0)
	if path == "" {
		dir, err := os.MkdirTemp("", "wasmsize")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "app.wasm")
		if *keep != "" {
			path = *keep
		}
		if err := buildApp(".", dir, path); err != nil {
			log.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	m, err := parse(b)
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	if len(m.names) == 0 {
		log.Fatalf("%s has no function names: build it without -ldflags=-s", path)
	}
	fmt.Printf("%-12s %10s %9s\n", "section", "bytes", "gzip")
	for _, s := range m.sections {
		if len(s.body) >= 1024 {
			fmt.Printf("%-12s %10d %9d\n", s.name, len(s.body), gzipLen(s.body))
		}
	}
	fmt.Println()
	if *funcs != "" {
		type fn struct {
			name string
			size int
		}
		var fs []fn
		for i, body := range m.bodies {
			if name := m.names[m.imports+i]; strings.HasPrefix(name, *funcs) {
				fs = append(fs, fn{name, len(body)})
			}
		}
		slices.SortFunc(fs, func(a, b fn) int { return cmp.Compare(b.size, a.size) })
		for _, f := range fs[:min(*top, len(fs))] {
			fmt.Printf("%8d  %s\n", f.size, f.name)
		}
		return
	}
	type pkg struct {
		name  string
		code  bytes.Buffer
		funcs int
	}
	byName := map[string]*pkg{}
	for i, body := range m.bodies {
		name := pkgOf(m.names[m.imports+i])
		p := byName[name]
		if p == nil {
			p = &pkg{name: name}
			byName[name] = p
		}
		p.code.Write(body)
		p.funcs++
	}
	pkgs := make([]*pkg, 0, len(byName))
	for _, p := range byName {
		pkgs = append(pkgs, p)
	}
	slices.SortFunc(pkgs, func(a, b *pkg) int { return cmp.Compare(b.code.Len(), a.code.Len()) })
	fmt.Printf("%10s %9s %6s  %s (%d functions in %d packages)\n", "code", "gzip", "funcs", "package", len(m.bodies), len(pkgs))
	for _, p := range pkgs[:min(*top, len(pkgs))] {
		fmt.Printf("%10d %9d %6d  %s\n", p.code.Len(), gzipLen(p.code.Bytes()), p.funcs, p.name)
	}
}

// buildApp builds ./cmd/wasm of the module at root as cmd/build does, names
// kept, into path, with wasmslim's files under dir.
func buildApp(root, dir, path string) error {
	slim, err := wasmslim.Prepare(root, "./cmd/wasm", dir)
	if err != nil {
		return fmt.Errorf("wasmslim: %w", err)
	}
	args := append(append([]string{"build"}, slim...), "-trimpath", "-gcflags=github.com/attnviz/attnviz/app/...=-l", "-o", path, "./cmd/wasm")
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}

// module is what wasmsize reads of a wasm binary.
type module struct {
	sections []section
	imports  int            // imported functions, which come first in the function index space
	bodies   [][]byte       // the code of each defined function
	names    map[int]string // function names by index, from the name section
}

type section struct {
	name string
	body []byte
}

var sectionNames = map[byte]string{
	1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
	7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount",
}

// parse reads the sections of the wasm binary b.
func parse(b []byte) (m module, err error) {
	defer func() {
		if recover() != nil {
			err = errors.New("malformed WebAssembly binary")
		}
	}()
	if !bytes.HasPrefix(b, []byte("\x00asm\x01\x00\x00\x00")) {
		return m, errors.New("not a WebAssembly binary")
	}
	m.names = map[int]string{}
	r := reader(b[8:])
	for len(r) > 0 {
		id := r.byte()
		raw := r.bytes()
		body := reader(raw)
		name := sectionNames[id]
		switch id {
		case 0:
			name = "custom:" + string(body.bytes())
			if name == "custom:name" {
				m.readNames(body)
			}
		case 2:
			for range body.uint() {
				body.bytes() // module
				body.bytes() // field
				kind := body.byte()
				if kind != 0 {
					return m, fmt.Errorf("import of kind %d", kind)
				}
				body.uint() // type index
				m.imports++
			}
		case 10:
			for range body.uint() {
				m.bodies = append(m.bodies, body.bytes())
			}
		}
		m.sections = append(m.sections, section{name, raw})
	}
	return m, nil
}

// readNames reads the function names of a name section.
func (m *module) readNames(r reader) {
	for len(r) > 0 {
		id := r.byte()
		sub := reader(r.bytes())
		if id != 1 { // function names
			continue
		}
		for range sub.uint() {
			i := sub.uint()
			m.names[int(i)] = string(sub.bytes())
		}
	}
}

// reader reads a wasm binary; it panics past its end, which parse recovers.
type reader []byte

func (r *reader) byte() byte {
	c := (*r)[0]
	*r = (*r)[1:]
	return c
}

func (r *reader) uint() uint64 {
	v, n := binary.Uvarint(*r)
	if n <= 0 {
		panic("bad LEB128")
	}
	*r = (*r)[n:]
	return v
}

// bytes reads a length and that many bytes.
func (r *reader) bytes() []byte {
	n := r.uint()
	b := (*r)[:n]
	*r = (*r)[n:]
	return b
}

// pkgOf returns the package of a function name as the Go linker writes it
// in a wasm name section: the import path with "/" and "-" made "_", a dot,
// then the function, as in "gonum.org_v1_gonum_mat.__Dense_.Mul" or
// "encoding_json.Marshal". The dots of a domain stay dots.
func pkgOf(name string) string {
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return name
	}
	if us := strings.IndexByte(name[dot+1:], '_'); us > 0 && !strings.Contains(name[:dot], "_") {
		switch name[dot+1 : dot+1+us] {
		case "com", "org", "net", "io", "in", "dev", "land", "co", "cc":
			if d := strings.IndexByte(name[dot+1+us:], '.'); d >= 0 {
				return name[:dot+1+us+d]
			}
			return name
		}
	}
	return name[:dot]
}

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, 6)
	w.Write(b)
	w.Close()
	return buf.Len()
}
