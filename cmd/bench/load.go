package main

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// fileLoad is one path a page load requested, as Chromium saw it.
type fileLoad struct {
	Path     string
	Bytes    int64 // encodedDataLength of Network.loadingFinished: body and headers
	Encoding string
	Failed   string // the error text when the request failed
}

// firstLoad is one first visit of a page with an empty cache.
type firstLoad struct {
	Files         []fileLoad // the page's requests, largest first
	Total         int64
	ServerTotal   int64   // body bytes the server sent, the service worker's precache included
	FirstRenderMs float64 // the first-render mark's startTime: from navigation start
	PictureMs     float64 // when the build's picture of the first heatmap was painted; 0 without one
}

// schoolLink is the link of a first load on a school connection
// (schoolLinkLabel): a class of 30 sharing 100 Mbit/s gets about 3 Mbit/s each.
var schoolLink = network.Conditions{Latency: 50, DownloadThroughput: 3e6 / 8, UploadThroughput: 1e6 / 8}

const schoolLinkLabel = "3 Mbit/s down, 1 Mbit/s up, 50 ms (a class of 30 sharing 100 Mbit/s)"

// startFresh starts a fresh Chromium for a first load: its network
// followed, the cache disabled, and every request held to link unless it
// is nil.
func startFresh(ctx context.Context, execPath string, link *network.Conditions) (*chromium, error) {
	c, err := startChromium(ctx, execPath)
	if err != nil {
		return nil, err
	}
	_, err = chromedp.Call(c.ctx, network.Enable, network.EnableParams{})
	if err == nil {
		_, err = chromedp.Call(c.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	}
	if err == nil && link != nil {
		_, err = chromedp.Call(c.ctx, network.EmulateNetworkConditionsByRule,
			network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{link}})
	}
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("setting up Chromium's network: %w", err)
	}
	return c, nil
}

// measureFirstLoad opens the site srv serves in a fresh Chromium (see
// startFresh), waits for the first-render mark, then for the network to go
// quiet (the service worker's precache included), and returns what was
// transferred and when the first heatmaps came.
func measureFirstLoad(ctx context.Context, execPath string, srv *siteServer, link *network.Conditions) (firstLoad, error) {
	var res firstLoad
	c, err := startFresh(ctx, execPath, nil)
	if err != nil {
		return res, err
	}
	defer c.Close()
	// The server holds the link (shape.go): Chromium's emulation would
	// not hold the requests of the page's workers.
	srv.SetLink(link)
	defer srv.SetLink(nil)
	nl := &netLog{reqs: map[network.RequestID]*request{}}
	if err := chromedp.Listen(c.ctx, nl.on); err != nil {
		return res, err
	}
	srv.Reset()
	if res.FirstRenderMs, err = navigate(c, srv.URL+"/"); err != nil {
		return res, err
	}
	if res.PictureMs, err = pictureTime(c.ctx); err != nil {
		return res, err
	}
	srv.WaitQuiet(ctx, 1500*time.Millisecond, 30*time.Second)
	for end := time.Now().Add(10 * time.Second); nl.pending() && time.Now().Before(end); {
		time.Sleep(100 * time.Millisecond)
	}
	res.Files, res.Total = nl.files(srv.URL)
	res.Files, res.Total = withWorkers(res.Files, res.Total, srv.WorkerSent())
	res.ServerTotal = srv.Sent()
	return res, nil
}

// netLog follows a page's requests through the DevTools protocol.
type netLog struct {
	mu   sync.Mutex
	reqs map[network.RequestID]*request
}

type request struct {
	url, encoding, failed string
	bytes                 int64
	done                  bool
}

func (nl *netLog) on(ev any) {
	nl.mu.Lock()
	defer nl.mu.Unlock()
	get := func(id network.RequestID) *request {
		if nl.reqs[id] == nil {
			nl.reqs[id] = &request{}
		}
		return nl.reqs[id]
	}
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		get(ev.RequestID).url = ev.Request.URL
	case *network.EventResponseReceived:
		r := get(ev.RequestID)
		r.url = ev.Response.URL
		for k, v := range ev.Response.Headers {
			if strings.EqualFold(k, "content-encoding") {
				r.encoding = fmt.Sprint(v)
			}
		}
	case *network.EventLoadingFinished:
		r := get(ev.RequestID)
		r.bytes, r.done = int64(ev.EncodedDataLength), true
	case *network.EventLoadingFailed:
		r := get(ev.RequestID)
		r.failed, r.done = ev.ErrorText, true
	}
}

func (nl *netLog) pending() bool {
	nl.mu.Lock()
	defer nl.mu.Unlock()
	for _, r := range nl.reqs {
		if !r.done {
			return true
		}
	}
	return false
}

// files sums the requests by path (relative to base), largest first.
func (nl *netLog) files(base string) (files []fileLoad, total int64) {
	nl.mu.Lock()
	defer nl.mu.Unlock()
	for _, r := range nl.reqs {
		if r.url == "" || strings.HasPrefix(r.url, "data:") {
			continue
		}
		p := urlPath(r.url, base)
		i := slices.IndexFunc(files, func(f fileLoad) bool { return f.Path == p })
		if i < 0 {
			i, files = len(files), append(files, fileLoad{Path: p})
		}
		f := &files[i]
		f.Bytes += r.bytes
		f.Encoding = orDefault(r.encoding, f.Encoding)
		f.Failed = orDefault(r.failed, f.Failed)
		total += r.bytes
	}
	slices.SortFunc(files, func(a, b fileLoad) int {
		if a.Bytes != b.Bytes {
			return int(b.Bytes - a.Bytes)
		}
		return strings.Compare(a.Path, b.Path)
	})
	return files, total
}

// withWorkers adds to the page's requests, by path, the body bytes that the
// server sent to the page's dedicated workers (whose requests the page's
// DevTools session does not see), largest first again.
func withWorkers(files []fileLoad, total int64, workers map[string]int64) ([]fileLoad, int64) {
	for p, n := range workers {
		i := slices.IndexFunc(files, func(f fileLoad) bool { return f.Path == p })
		if i < 0 {
			i, files = len(files), append(files, fileLoad{Path: p, Encoding: "by a worker, body only"})
		}
		files[i].Bytes += n
		total += n
	}
	slices.SortFunc(files, func(a, b fileLoad) int {
		if a.Bytes != b.Bytes {
			return int(b.Bytes - a.Bytes)
		}
		return strings.Compare(a.Path, b.Path)
	})
	return files, total
}

// urlPath returns the path of u when it is on base, else u.
func urlPath(u, base string) string {
	rest, ok := strings.CutPrefix(u, base)
	if !ok {
		return u
	}
	if p, err := url.Parse(rest); err == nil {
		return orDefault(p.Path, "/")
	}
	return rest
}

// pictureTime returns when the page painted the picture of the first
// heatmap that the build pre-renders (app/first_picture.go): the renderTime
// of its PerformanceElementTiming entry, from navigation start; 0 for a
// page without one (no script#first-picture), or whose wasm replaced the
// picture before it was painted. Called once the page has drawn; the
// observer's buffer comes in a task of its own, waited for up to 5 s.
func pictureTime(ctx context.Context) (float64, error) {
	js := `new Promise((resolve) => {
  if (!window.PerformanceElementTiming || !document.querySelector("script#first-picture")) return resolve(0);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === "attnviz:first-heatmap") resolve(e.renderTime || e.loadTime);
  }).observe({ type: "element", buffered: true });
  setTimeout(() => resolve(0), 5000);
})`
	ms, err := evalAwait[float64](ctx, 10*time.Second, js)
	if err != nil {
		return 0, fmt.Errorf("reading the first heatmap's element timing: %w", err)
	}
	return ms, nil
}

// firstHeatmaps returns when each load showed its first heatmap: the
// build's picture of it where that was painted first, else the live chart
// (on loopback the wasm may replace the pre-rendered page before its
// picture is painted); and in how many loads the picture came first.
func firstHeatmaps(loads []firstLoad) (ms []float64, painted int) {
	for _, l := range loads {
		if l.PictureMs > 0 && l.PictureMs < l.FirstRenderMs {
			ms = append(ms, l.PictureMs)
			painted++
		} else {
			ms = append(ms, l.FirstRenderMs)
		}
	}
	return ms, painted
}
