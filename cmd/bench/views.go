package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"
)

// viewPass is how a view is measured: opened by view=<ID> and Link in the
// link, typed into at Input (Key, then Backspace, in turn), Paste pasted
// there.
type viewPass struct {
	ID, Input, Link, Key, Paste string
}

// learnProbe is the Learn view's probe in the link: the default task's
// (previous) sample less its last letter, and a space, so that each key
// typed keeps a sequence the task reads.
const learnProbe = "c a f b e d a c h "

// viewPasses are the page's views and how each is typed into: the sentence
// (#sentence), but for the Learn view's probe (#probe); the matrices view
// hides both (it has its own input) and is not typed into.
var viewPasses = []viewPass{
	{ID: "attention"}, {ID: "pipeline"}, {ID: "scaling"}, {ID: "compare"}, {ID: "padding"}, {ID: "matrices"},
	{ID: "learn", Input: "#probe", Link: "&probe=" + url.QueryEscape(learnProbe), Key: "a", Paste: "a b c d e f g h a b"},
}

// withDefaults fills in the sentence's input, key and paste.
func (p viewPass) withDefaults() viewPass {
	if p.Input == "" {
		p.Input, p.Key, p.Paste = "#sentence", "x", words(128, 1)
	}
	return p
}

// viewJS adds to benchJS what the views section needs.
const viewJS = `Object.assign(window.__bench, {
  input: "#sentence", // the view's input, as viewPass.Input
  visible(sel) { const el = document.querySelector(sel); return !!el && el.getClientRects().length > 0; },
  shown() { return this.visible(this.input); },
  focusInput() {
    const el = document.querySelector(this.input);
    if (!el) return false;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    return true;
  },
  // Clicks the element of sel and resolves with its attnviz:update measure
  // (ms), -1 after ms without one, or -2 if sel is not shown.
  async clickMeasure(sel, ms) {
    if (!this.visible(sel)) return -2;
    const n = this.updates();
    document.querySelector(sel).click();
    if ((await this.waitUpdates(n + 1, ms)) < 0) return -1;
    return performance.getEntriesByName("attnviz:update", "measure")[n].duration;
  },
  view() { const s = window.attnviz.state(); return (typeof s === "string" ? JSON.parse(s) : s).view || "attention"; },
  // Changes the link's fragment and resolves, once the page's state names
  // view and a frame has been painted after it, with the time that took
  // (ms), or with -1 after 15 s.
  switchTo(fragment, view) {
    const t0 = performance.now();
    location.hash = fragment;
    return new Promise((resolve) => {
      const check = () => {
        if (this.view() === view) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
        else if (performance.now() - t0 > 15000) resolve(-1);
        else requestAnimationFrame(check);
      };
      check();
    });
  },
  // Sets the input to s as a paste does and resolves with its
  // attnviz:update measure (ms), or with -1 after ms.
  async paste(s, ms) {
    const el = document.querySelector(this.input), n = this.updates();
    el.value = s;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    if ((await this.waitUpdates(n + 1, ms)) < 0) return -1;
    return performance.getEntriesByName("attnviz:update", "measure")[n].duration;
  },
})`

// viewResult is one view typed into at one setting.
type viewResult struct {
	View     string
	Typing   typingResult // its keystrokes' updates, and the long tasks of the whole pass
	SwitchMs float64      // from the fragment's change to a frame of the view
	Hidden   bool         // the view hides its input: it has its own, not typed into
	Input    string       // the input typed into (viewPass.Input)
	PasteMs  float64      // the attnviz:update of a paste (of 128 tokens into #sentence)

	// The attnviz:update of each click on a head (head 2, then head 1) and
	// on the causal mask's checkbox (on, then off); none where the view
	// hides them (it has settings of its own).
	HeadMs, SettingMs []float64
}

// measureViews opens the app at each setting in another view, switches
// into each view through the link's fragment, types into #sentence there
// and pastes a sentence of 128 tokens, following the long tasks throughout.
// With -baseline, the baseline's site gets the same passes, alternately
// with the app's, each first at every other view.
func measureViews(ctx context.Context, cfg config, b builds, res *results) {
	sites := []*site{{name: "app", bl: b.app}}
	into := []*[]viewResult{&res.views}
	if cfg.baseRev != "" {
		sites = append(sites, &site{name: "baseline " + cfg.baselineLabel(), bl: b.base, baseline: true})
		into = append(into, &res.baseViews)
	}
	errs := make([]error, len(sites))
	for i, s := range sites {
		if errs[i] = s.serve(cfg); errs[i] == nil {
			defer s.srv.Close()
		}
	}
	var c *chromium
	var err error
	if slices.Contains(errs, nil) {
		if c, err = startChromium(ctx, cfg.chromium); err == nil {
			defer c.Close()
		}
	}
	for _, tc := range typingConfigs {
		for i, pass := range viewPasses {
			pass, id := pass.withDefaults(), pass.ID
			for k := range sites {
				k = (k + i) % len(sites)
				v := viewResult{View: id, Typing: typingResult{Config: tc, Err: cmp.Or(errs[k], err)}}
				if v.Typing.Err == nil {
					log.Printf("view %s: %s, %d keystrokes: %s", id, tc, cfg.viewKeystrokes, sites[k].name)
					v = measureView(c, sites[k].srv.URL+"/", pass, tc, cfg.pace)
				}
				if v.Typing.Err != nil {
					res.note(fmt.Sprintf("%s: view %s at %s", sites[k].name, id, tc), v.Typing.Err)
				}
				*into[k] = append(*into[k], v)
			}
		}
	}
}

// measureView is one pass of measureViews.
func measureView(c *chromium, base string, pass viewPass, tc typingConfig, p pace) viewResult {
	id := pass.ID
	v := viewResult{View: id, Input: pass.Input, Typing: typingResult{Config: tc}}
	from := "attention"
	if id == from {
		from = "pipeline"
	}
	t := &v.Typing
	if _, t.Err = navigate(c, base+tc.fragment()+pass.Link+"&view="+from); t.Err != nil {
		return v
	}
	start, err := evalAwait[int](c.ctx, 10*time.Second, fmt.Sprintf("%s;%s; window.__bench.input = %q; window.__bench.startLongTasks()", benchJS, viewJS, pass.Input))
	if err == nil {
		v.SwitchMs, err = evalAwait[float64](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.switchTo(%q, %q)", tc.fragment()+pass.Link+"&view="+id, id))
	}
	if err == nil && v.SwitchMs < 0 {
		err = fmt.Errorf("the page did not show view %s within 15 s of its link", id)
	}
	if err == nil {
		v.Hidden, err = evalAwait[bool](c.ctx, 5*time.Second, "!window.__bench.shown()")
	}
	if err == nil && !v.Hidden {
		err = v.typeAndPaste(c, start, pass, p)
	}
	t.Err = err
	time.Sleep(300 * time.Millisecond) // let the last long-task entries arrive
	f, ferr := evalAwait[finished](c.ctx, 10*time.Second, fmt.Sprintf("window.__bench.finish(%d)", start))
	if ferr != nil && t.Err == nil {
		t.Err = ferr
	}
	t.LongTasksMs, t.LongTaskAPI = f.Long, f.LongAPI
	return v
}

// typeAndPaste types into the view's input, clicks heads and a setting
// (clickHeadsAndSetting), and pastes into the input.
func (v *viewResult) typeAndPaste(c *chromium, start int, pass viewPass, p pace) error {
	_, err := evalAwait[bool](c.ctx, 5*time.Second, "window.__bench.focusInput()")
	count := start
	for i := 0; err == nil && i < p.viewKeystrokes; i++ {
		count, err = typeKeyOf(c, pass.Key, i, count)
	}
	if err == nil {
		v.Typing.UpdatesMs, err = evalAwait[[]float64](c.ctx, 5*time.Second, fmt.Sprintf(
			`performance.getEntriesByName("attnviz:update", "measure").slice(%d, %d).map((e) => e.duration)`, start, count))
	}
	if err == nil && os.Getenv("ATTNVIZ_BENCH_KEYS") != "" {
		log.Printf("keystrokes of %s: %.1f", pass.ID, v.Typing.UpdatesMs)
	}
	if err == nil {
		err = v.clickHeadsAndSetting(c)
	}
	if err == nil {
		v.PasteMs, err = evalAwait[float64](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.paste(%q, 15000)", pass.Paste))
	}
	if err == nil && v.PasteMs < 0 {
		err = fmt.Errorf("a paste into %s gave no attnviz:update measure within 15 s", pass.Input)
	}
	return err
}

// clickHeadsAndSetting clicks head 2 and head 1 of #heads, and the causal
// mask's checkbox on and off, each waited for, where the view shows them.
func (v *viewResult) clickHeadsAndSetting(c *chromium) error {
	clicks := []struct {
		sel  string
		into *[]float64
	}{
		{`#heads [data-head="1"]`, &v.HeadMs}, {`#heads [data-head="0"]`, &v.HeadMs},
		{"#causal", &v.SettingMs}, {"#causal", &v.SettingMs},
	}
	for _, k := range clicks {
		ms, err := evalAwait[float64](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.clickMeasure(%q, 15000)", k.sel))
		switch {
		case err != nil:
			return err
		case ms == -1:
			return fmt.Errorf("a click on %s gave no attnviz:update measure within 15 s", k.sel)
		case ms >= 0:
			*k.into = append(*k.into, ms)
		}
	}
	return nil
}

func (r *results) viewRows() []Row {
	const sec = "page: every view (switched into by its link, typed into, a paste, heads and a setting clicked)"
	var rows []Row
	for _, v := range r.views {
		t := v.Typing
		label := fmt.Sprintf("view %s, %s", v.View, t.Config)
		p95 := v.p95("")
		long := t.longest()
		switch {
		case t.Err != nil:
		case v.Hidden:
			long.text += fmt.Sprintf("; switch in %s", FormatMs(v.SwitchMs))
		default:
			long.text += fmt.Sprintf("; switch in %s, paste %s", FormatMs(v.SwitchMs), FormatMs(v.PasteMs))
		}
		if t.Err == nil && len(v.HeadMs) > 0 {
			long.text += fmt.Sprintf(", heads %s, setting %s", formatAll(v.HeadMs), formatAll(v.SettingMs))
		}
		rows = append(rows,
			compare(sec, "update p95, "+label, p95, none, target{fmt.Sprintf("≤ %g ms", t.Config.P95), t.Config.P95, false}),
			compare(sec, "longest task, "+label+" (switching in, typing, pasting, heads, a setting)", long, none, targetViewTask))
	}
	return rows
}

// formatAll writes each of ms, "/" between them.
func formatAll(ms []float64) string {
	f := make([]string, len(ms))
	for i, m := range ms {
		f[i] = FormatMs(m)
	}
	return strings.Join(f, "/")
}

// words is a sentence of n plain words, from the pool's word at offset on.
func words(n, offset int) string {
	pool := strings.Fields("the quick brown fox jumps over a lazy dog while students watch every head attend to each word in turn")
	w := make([]string, n)
	for i := range w {
		w[i] = pool[(offset+i)%len(pool)]
	}
	return strings.Join(w, " ")
}
