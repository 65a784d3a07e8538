package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"maps"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
)

// siteServer serves a static site from memory on loopback, as a static host
// would: text and wasm gzip-compressed (level 6, compressed once at start, so
// compression costs no time during a measurement), images as they are. It
// counts the body bytes it sends for each path, service-worker requests
// included.
type siteServer struct {
	files map[string]*servedFile // by URL path, such as "/web/app.wasm"
	srv   *http.Server
	URL   string // such as "http://127.0.0.1:41234"

	mu       sync.Mutex
	sent     map[string]int64
	workers  map[string]int64 // of sent, by the page's dedicated workers (byWorker)
	link     *linkShaper      // the link the responses are held to, or nil (shape.go)
	requests int
	inflight int
	last     time.Time
}

type servedFile struct {
	contentType string
	raw, gz     []byte // gz is nil for files not worth compressing
	etag        string // of raw, such as "\"3f2a…\""; the gzipped body's adds -gz
}

// compressible lists the extensions served gzip-compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".wasm": true, ".json": true,
	".webmanifest": true, ".svg": true, ".txt": true, ".map": true, ".xml": true,
}

// contentType is the Content-Type for a file name.
func contentType(name string) string {
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".wasm":
		return "application/wasm" // instantiateStreaming needs exactly this
	case ".webmanifest":
		return "application/manifest+json"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	default:
		if t := mime.TypeByExtension(ext); t != "" {
			return t
		}
		return "application/octet-stream"
	}
}

// loadSite reads every file under root into memory and gzips the
// compressible ones.
func loadSite(root string) (map[string]*servedFile, error) {
	files := map[string]*servedFile{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(raw)
		f := &servedFile{contentType: contentType(p), raw: raw, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		if compressible[strings.ToLower(filepath.Ext(p))] {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf) // level 6
			if _, err := zw.Write(raw); err != nil {
				return err
			}
			if err := zw.Close(); err != nil {
				return err
			}
			f.gz = buf.Bytes()
		}
		files["/"+filepath.ToSlash(rel)] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading site %s: %w", root, err)
	}
	return files, nil
}

// serveSite starts a siteServer for root on 127.0.0.1.
func serveSite(root string) (*siteServer, error) {
	files, err := loadSite(root)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &siteServer{files: files, sent: map[string]int64{}, workers: map[string]int64{}, URL: "http://" + ln.Addr().String()}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := s.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Printf("serving %s: %v", root, err)
		}
	}()
	return s, nil
}

// Close stops the server.
func (s *siteServer) Close() error { return s.srv.Close() }

// lookup finds the file for a URL path as a static host does: "/" and
// "/dir/" give index.html, "/page" gives page.html when there is no file
// "/page".
func (s *siteServer) lookup(p string) *servedFile {
	p = path.Clean("/" + p)
	if f := s.files[p]; f != nil {
		return f
	}
	if f := s.files[strings.TrimSuffix(p, "/")+"/index.html"]; f != nil {
		return f
	}
	if path.Ext(p) == "" {
		return s.files[p+".html"]
	}
	return nil
}

func (s *siteServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	link := s.begin()
	var n int64
	defer func() { s.end(r.URL.Path, n, byWorker(r.Referer())) }()
	if link != nil {
		time.Sleep(link.latency)
	}

	f := s.lookup(r.URL.Path)
	if f == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	body := f.raw
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	// As static hosts (GitHub Pages, nginx, S3…) do: revalidate, with an
	// ETag, so that a request the HTTP cache already holds (the service
	// worker's precache after the page's own requests) gets 304 and no body.
	h.Set("Cache-Control", "no-cache")
	etag := f.etag
	if f.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			h.Set("Content-Encoding", "gzip")
			body = f.gz
			etag = strings.TrimSuffix(etag, `"`) + `-gz"`
		}
	}
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, etag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	var written int
	var err error
	if link != nil {
		written, err = link.write(w, body)
	} else {
		written, err = w.Write(body)
	}
	if err != nil {
		log.Printf("serving %s: %v (%d of %d bytes sent)", r.URL.Path, err, written, len(body))
	}
	n = int64(written)
}

// etagMatch reports whether an If-None-Match header lists etag (or is *),
// comparing weakly as RFC 9110 asks for If-None-Match.
func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" && strings.TrimSpace(name) != "*" {
			continue
		}
		if q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// begin counts a request in and returns the link to hold it to, or nil.
func (s *siteServer) begin() *linkShaper {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inflight++
	s.requests++
	s.last = time.Now()
	return s.link
}

func (s *siteServer) end(p string, n int64, byWorker bool) {
	s.mu.Lock()
	s.inflight--
	s.sent[p] += n
	if byWorker {
		s.workers[p] += n
	}
	s.last = time.Now()
	s.mu.Unlock()
}

// Reset forgets the bytes counted so far.
func (s *siteServer) Reset() {
	s.mu.Lock()
	s.sent = map[string]int64{}
	s.workers = map[string]int64{}
	s.requests = 0
	s.mu.Unlock()
}

// SetLink holds the responses from now on to link's latency and download
// rate, or to none when link is nil (shape.go).
func (s *siteServer) SetLink(link *network.Conditions) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.link = nil
	if link != nil {
		s.link = newLinkShaper(link)
	}
}

// WorkerSent returns the body bytes sent, by path, to the page's dedicated
// workers since the last Reset.
func (s *siteServer) WorkerSent() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.workers)
}

// Sent returns the body bytes sent since the last Reset.
func (s *siteServer) Sent() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var total int64
	for _, n := range s.sent {
		total += n
	}
	return total
}

// WaitQuiet waits until no request has been open for quiet, or until limit
// has passed.
func (s *siteServer) WaitQuiet(ctx context.Context, quiet, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		s.mu.Lock()
		idle := s.inflight == 0 && time.Since(s.last) >= quiet
		s.mu.Unlock()
		if idle {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}
