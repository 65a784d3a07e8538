package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes are the types of the files the site holds; others fall back to
// the mime package.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/plain; charset=utf-8",
}

// compressible lists the extensions served gzipped to clients that accept it.
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true,
	".webmanifest": true, ".json": true, ".svg": true, ".txt": true, ".md": true,
}

// siteServer serves a static website from fsys under prefix ("" or
// "/attention"), as a static host would: index.html for a directory, a
// redirect to the slash form of a directory, gzip for text and wasm.
type siteServer struct {
	fsys   fs.FS
	prefix string

	mu      sync.Mutex
	gzipped map[string]gzipped // by file name
}

type gzipped struct {
	modTime time.Time
	size    int64
	data    []byte
}

func newSiteServer(fsys fs.FS, prefix string) *siteServer {
	return &siteServer{fsys: fsys, prefix: prefix, gzipped: make(map[string]gzipped)}
}

func (s *siteServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if s.prefix != "" {
		switch {
		case p == "/" || p == s.prefix:
			redirect(w, r, s.prefix+"/")
			return
		case !strings.HasPrefix(p, s.prefix+"/"):
			http.NotFound(w, r)
			return
		}
		p = strings.TrimPrefix(p, s.prefix)
	}

	name := strings.TrimPrefix(path.Clean(p), "/")
	if name == "" {
		name = "."
	}
	info, err := fs.Stat(s.fsys, name)
	if err == nil && info.IsDir() {
		if !strings.HasSuffix(p, "/") {
			redirect(w, r, r.URL.Path+"/")
			return
		}
		name = path.Join(name, "index.html")
		info, err = fs.Stat(s.fsys, name)
	}
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}

	ext := path.Ext(name)
	ctype, ok := contentTypes[ext]
	if !ok {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype != "" {
		w.Header().Set("Content-Type", ctype)
	}
	// Revalidate each time: the service worker decides what is cached.
	w.Header().Set("Cache-Control", "no-cache")

	if compressible[ext] {
		w.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			data, err := s.gzip(name, info)
			if err != nil {
				log.Printf("serving %s: %v", name, err)
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Encoding", "gzip")
			r2 := r.Clone(r.Context())
			r2.Header.Del("Range") // ranges of the gzipped bytes serve nobody
			http.ServeContent(w, r2, name, info.ModTime(), bytes.NewReader(data))
			return
		}
	}

	f, err := s.fsys.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		data, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		rs = bytes.NewReader(data)
	}
	http.ServeContent(w, r, name, info.ModTime(), rs)
}

// gzip returns the file compressed, from a cache kept while the file's
// modification time and size stay the same.
func (s *siteServer) gzip(name string, info fs.FileInfo) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.gzipped[name]; ok && g.modTime.Equal(info.ModTime()) && g.size == info.Size() {
		return g.data, nil
	}
	raw, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	s.gzipped[name] = gzipped{modTime: info.ModTime(), size: info.Size(), data: buf.Bytes()}
	return buf.Bytes(), nil
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, field := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(field, ";")
		coding = strings.TrimSpace(coding)
		if !strings.EqualFold(coding, "gzip") && coding != "*" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			var err error
			if q, err = strconv.ParseFloat(v, 64); err != nil {
				return false
			}
		}
		return q > 0
	}
	return false
}

// redirect sends a permanent redirect to target, keeping the query.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusMovedPermanently)
}

// listenAndServe serves the site in dir under prefix on addr until the
// process ends.
func listenAndServe(addr, dir, prefix string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	log.Printf("serving %s on http://%s%s/ (Ctrl-C stops)", dir, net.JoinHostPort(host, port), prefix)
	srv := &http.Server{Handler: newSiteServer(os.DirFS(dir), prefix), ReadHeaderTimeout: 10 * time.Second}
	err = srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
