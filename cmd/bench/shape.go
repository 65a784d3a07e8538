package main

import (
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
)

// The school link, held by the bench's server rather than by Chromium's
// network emulation, which applies to the page's own requests only: the
// app's dedicated worker (web/wasm-loader.js) fetches app.wasm, and a
// page target's emulation does not hold that request back. The server holds
// every response alike, whoever asked: the link's latency before the
// response, and its download rate shared by all the responses in flight,
// counted in the bytes sent (gzip where gzipped), as Chromium's emulation
// counts them. The upload rate is not held (the requests are small).

// linkShaper holds a server's responses to a link's latency and rate.
type linkShaper struct {
	latency time.Duration
	rate    float64 // bytes per second

	mu   sync.Mutex
	next time.Time // when the link is free to send the next byte
}

func newLinkShaper(c *network.Conditions) *linkShaper {
	return &linkShaper{latency: time.Duration(c.Latency * float64(time.Millisecond)), rate: c.DownloadThroughput}
}

// take waits until n more bytes may be sent.
func (l *linkShaper) take(n int) {
	l.mu.Lock()
	now := time.Now()
	if l.next.Before(now) {
		l.next = now
	}
	l.next = l.next.Add(time.Duration(float64(n) / l.rate * float64(time.Second)))
	wait := time.Until(l.next)
	l.mu.Unlock()
	time.Sleep(wait)
}

// shapedChunk is how many bytes the server sends at a time on a held link.
const shapedChunk = 8 << 10

// write sends body on w at the link's rate, returning the bytes written.
func (l *linkShaper) write(w http.ResponseWriter, body []byte) (int, error) {
	written := 0
	for len(body) > 0 {
		n := min(len(body), shapedChunk)
		l.take(n)
		m, err := w.Write(body[:n])
		written += m
		if err != nil {
			return written, err
		}
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		body = body[n:]
	}
	return written, nil
}

// byWorker reports whether a request with this Referer came from one of the
// page's dedicated workers (whose requests the page's DevTools session does
// not see), not from the page or the service worker (app-worker.js).
func byWorker(referer string) bool {
	i := strings.Index(referer, "://")
	if i < 0 {
		return false
	}
	p := referer[i+3:]
	if j := strings.IndexByte(p, '/'); j >= 0 {
		p = p[j:]
	} else {
		return false
	}
	p, _, _ = strings.Cut(p, "?")
	return path.Ext(p) == ".js" && path.Base(p) != "app-worker.js"
}
