package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"slices"
	"strings"
)

// pageLoads are the first loads of one page, or why there are none.
type pageLoads struct {
	label          string      // "" for the app, "bare" for the bare page: the prefix of its cells
	loads, school  []firstLoad // on loopback, and on schoolLink
	err, schoolErr string
}

// site is one of the pages the bench loads.
type site struct {
	name, trace string // as the log says it; the name of its -profile trace
	bl          built
	baseline    bool // the site at -baseline's revision: no school link, no profile
	srv         *siteServer
	p           *pageLoads
}

// serve starts serving s's build, or returns why it cannot.
func (s *site) serve(cfg config) error {
	switch {
	case s.bl.err != nil:
		return s.bl.err
	case cfg.chromium == "":
		return cfg.noChromium
	}
	var err error
	s.srv, err = serveSite(s.bl.path)
	return err
}

// measurePages loads the app, the bare page and the baseline's site, then
// types into the app and the bare page.
func measurePages(ctx context.Context, cfg config, b builds, res *results) {
	res.app, res.bare, res.base = pageLoads{}, pageLoads{label: "bare"}, pageLoads{label: "baseline"}
	sites := []*site{
		{name: "app", trace: "first-load-app", bl: b.app, p: &res.app},
		{name: "bare go-app page", trace: "first-load-bare", bl: b.bare, p: &res.bare},
	}
	if cfg.baseRev != "" {
		sites = append(sites, &site{name: "baseline " + cfg.baselineLabel(), bl: b.base, baseline: true, p: &res.base})
	}
	for _, s := range sites {
		if err := s.serve(cfg); err != nil {
			s.p.err = res.note(s.name, err)
		} else {
			defer s.srv.Close()
		}
	}
	firstLoads(ctx, cfg, sites, res)
	typeAll(ctx, cfg, sites[0], sites[1], res)
}

// firstLoads loads each page cfg.loads times, in turn, each first in one
// round of len(sites), so that a slow moment of the machine does not fall
// on one of them only; then once each on the school link (the baseline
// not). With -profile, it then traces one more load of each (the baseline
// not), and cfg.loads more of each for their breakdown (breakdown.go).
func firstLoads(ctx context.Context, cfg config, sites []*site, res *results) {
	for i := range cfg.loads {
		for k := range sites {
			s := sites[(k+i)%len(sites)]
			if s.srv == nil || s.p.err != "" {
				continue
			}
			log.Printf("first load %d/%d: %s", i+1, cfg.loads, s.name)
			l, err := measureFirstLoad(ctx, cfg.chromium, s.srv, nil)
			if err != nil {
				s.p.err = res.note("first load of the "+s.name, err)
				continue
			}
			s.p.loads = append(s.p.loads, l)
		}
	}
	for _, s := range sites {
		if s.baseline {
			continue
		}
		if s.srv != nil && cfg.schoolLink {
			log.Printf("first load on a school link: %s", s.name)
			l, err := measureFirstLoad(ctx, cfg.chromium, s.srv, &schoolLink)
			if err != nil {
				s.p.schoolErr = res.note("first load on a school link of the "+s.name, err)
			} else {
				s.p.school = append(s.p.school, l)
			}
		}
		if s.srv != nil && cfg.profileDir != "" {
			path, err := traceFirstLoad(ctx, cfg.chromium, s.srv.URL+"/", cfg.profileDir, s.trace)
			report(path, err)
			if err == nil {
				logTraceCPU(s.name, path)
			}
		}
	}
	if cfg.profileDir != "" {
		profileBreakdown(ctx, cfg, sites)
	}
}

// report logs where a profile went, or why it did not.
func report(path string, err error) {
	if err != nil {
		log.Printf("profiling: %v", err)
	} else {
		log.Printf("wrote %s", path)
	}
}

// typeAll types into the app at each of typingConfigs, then into the bare page.
func typeAll(ctx context.Context, cfg config, app, bare *site, res *results) {
	var c *chromium
	var err error
	if app.srv != nil || bare.srv != nil {
		if c, err = startChromium(ctx, cfg.chromium); err == nil {
			defer c.Close()
		}
	}
	for _, tc := range typingConfigs {
		t := typingResult{Config: tc, Err: err}
		switch {
		case err != nil:
		case app.srv == nil:
			t.Err = errors.New("no app: " + app.p.err)
		default:
			log.Printf("typing: %s, %d keystrokes", tc, cfg.keystrokes)
			t = measureTyping(c, app.srv.URL+"/"+tc.fragment(), tc, cfg.pace)
			if t.Err == nil && cfg.profileDir != "" {
				report(profileTyping(c, cfg.profileDir, fmt.Sprintf("typing-%dtok-%dheads", tc.Tokens, tc.Heads)))
			}
		}
		if t.Err != nil {
			res.note("typing "+tc.String(), t.Err)
		}
		res.typing = append(res.typing, t)
	}
	res.bareTyping.Err = err
	switch {
	case err != nil:
	case bare.srv == nil:
		res.bareTyping.Err = errors.New("no bare page: " + bare.p.err)
	default:
		log.Printf("typing: bare go-app page, %d keystrokes", cfg.keystrokes)
		res.bareTyping = measureBareTyping(c, bare.srv.URL+"/?input", cfg.pace)
	}
	if res.bareTyping.Err != nil {
		res.note("typing into the bare page", res.bareTyping.Err)
	}
}

// cell is a figure of p's loads on loopback (school false) or on the school
// link, which v gives, or why there is none.
func (p pageLoads) cell(school bool, v func([]firstLoad) (float64, string)) cell {
	loads, err := p.loads, p.err
	if school {
		loads, err = p.school, p.schoolErr
	}
	if len(loads) == 0 {
		return missing(orDefault(p.label, "app"), err)
	}
	x, text := v(loads)
	return cell{strings.TrimSpace(p.label + " " + text), x}
}

// Figures of a page's loads: the first load's bytes, and medians of times.
func totalBytes(l []firstLoad) (float64, string) {
	return float64(l[0].Total), FormatBytes(l[0].Total)
}

func sentBytes(l []firstLoad) (float64, string) {
	return float64(l[0].ServerTotal), FormatBytes(l[0].ServerTotal)
}

func firstRender(l []firstLoad) (float64, string) {
	var ms []float64
	for _, x := range l {
		ms = append(ms, x.FirstRenderMs)
	}
	return Median(ms), FormatMs(Median(ms)) + medianOf(len(ms))
}

func firstPicture(l []firstLoad) (float64, string) {
	ms, painted := firstHeatmaps(l)
	return Median(ms), FormatMs(Median(ms)) + medianOf(len(ms)) + fmt.Sprintf(", the picture in %d", painted)
}

func medianOf(n int) string {
	if n <= 1 {
		return ""
	}
	return fmt.Sprintf(" (median of %d)", n)
}

func (r *results) loadRows() []Row {
	const sec = "page: first load (gzip, empty cache)"
	a, b := r.app, r.bare
	return append(fileRows(sec, a, b),
		compare(sec, "total, the page's requests", a.cell(false, totalBytes), b.cell(false, totalBytes), targetFirstLoad),
		compare(sec, "total sent, service-worker precache included", a.cell(false, sentBytes), b.cell(false, sentBytes), target{}),
		compare(sec, "first heatmap on screen: the build's picture of it, or the live one where that came first, from navigation start",
			a.cell(false, firstPicture), b.cell(false, firstRender), targetFirst),
		compare(sec, "first render: the live heatmap (attnviz:first-render), from navigation start",
			a.cell(false, firstRender), b.cell(false, firstRender), targetFirst))
}

// schoolRows are the first loads on the emulated school link, against
// issue #16's ≤ 1.2× the bare page there (where bytes dominate). None where
// no such load was tried.
func (r *results) schoolRows() []Row {
	const sec = "page: first load on a school link (emulated)"
	a, b := r.app, r.bare
	if len(a.school)+len(b.school) == 0 && a.schoolErr+b.schoolErr == "" {
		return nil
	}
	return []Row{
		compare(sec, "first heatmap on screen, "+schoolLinkLabel, a.cell(true, firstPicture), b.cell(true, firstRender), targetSchool),
		compare(sec, "first render: the live heatmap, "+schoolLinkLabel, a.cell(true, firstRender), b.cell(true, firstRender), targetSchool),
	}
}

// fileRows are the bytes of every file either page requested, the app's
// largest first; app.wasm is held to its target.
func fileRows(sec string, app, bare pageLoads) []Row {
	files := func(p pageLoads) []fileLoad {
		if len(p.loads) == 0 {
			return nil
		}
		return p.loads[0].Files
	}
	var paths []string
	for _, f := range append(files(app), files(bare)...) {
		if !slices.Contains(paths, f.Path) {
			paths = append(paths, f.Path)
		}
	}
	var rows []Row
	sawWasm := false
	for _, p := range paths {
		m, c := fileCell(app, files(app), p), fileCell(bare, files(bare), p)
		if !strings.HasSuffix(p, "/app.wasm") || math.IsNaN(m.v) {
			rows = append(rows, compare(sec, "file "+p, m, c, target{}))
			continue
		}
		sawWasm = true
		rows = append(rows, compare(sec, "file "+p+" (app.wasm)", m, c, targetAppWasm))
	}
	if !sawWasm {
		rows = append(rows, compare(sec, "file app.wasm", missing("app", app.err), none, targetAppWasm))
	}
	return rows
}

// fileCell is what the page p requested at path.
func fileCell(p pageLoads, files []fileLoad, path string) cell {
	i := slices.IndexFunc(files, func(f fileLoad) bool { return f.Path == path })
	if i < 0 {
		return cell{strings.TrimSpace(p.label + " —"), none.v}
	}
	f := files[i]
	if f.Failed != "" {
		return missing(orDefault(p.label, "app"), "failed: "+f.Failed)
	}
	s := FormatBytes(f.Bytes)
	if f.Encoding != "" && f.Encoding != "gzip" {
		s += " (" + f.Encoding + ")"
	} else if f.Encoding == "" && f.Bytes > 1000 {
		s += " (not compressed)"
	}
	return cell{strings.TrimSpace(p.label + " " + s), float64(f.Bytes)}
}
