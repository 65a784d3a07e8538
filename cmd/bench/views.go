package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"
)

// viewIDs are the page's views, each opened by view=<id> in the link.
var viewIDs = []string{"attention", "pipeline", "scaling", "compare", "padding", "matrices"}

// viewJS adds to benchJS what the views section needs.
const viewJS = `Object.assign(window.__bench, {
  shown() { const el = document.querySelector("#sentence"); return !!el && el.getClientRects().length > 0; },
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
  // Sets #sentence to s as a paste does and resolves with its
  // attnviz:update measure (ms), or with -1 after ms.
  async paste(s, ms) {
    const el = document.querySelector("#sentence"), n = this.updates();
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
	Hidden   bool         // the view hides #sentence: it has its own input, not typed into
	PasteMs  float64      // the attnviz:update of a paste of 128 tokens
}

// measureViews opens the app at each setting in another view, switches
// into each view through the link's fragment, types into #sentence there
// and pastes a sentence of 128 tokens, following the long tasks throughout.
func measureViews(ctx context.Context, cfg config, b builds, res *results) {
	var err error
	var srv *siteServer
	var c *chromium
	switch {
	case b.app.err != nil:
		err = b.app.err
	case cfg.chromium == "":
		err = cfg.noChromium
	default:
		if srv, err = serveSite(b.app.path); err == nil {
			defer srv.Close()
			if c, err = startChromium(ctx, cfg.chromium); err == nil {
				defer c.Close()
			}
		}
	}
	for _, tc := range typingConfigs {
		for _, id := range viewIDs {
			v := viewResult{View: id, Typing: typingResult{Config: tc, Err: err}}
			if err == nil {
				log.Printf("view %s: %s, %d keystrokes", id, tc, cfg.viewKeystrokes)
				v = measureView(c, srv.URL+"/", id, tc, cfg.pace)
			}
			if v.Typing.Err != nil {
				res.note(fmt.Sprintf("view %s at %s", id, tc), v.Typing.Err)
			}
			res.views = append(res.views, v)
		}
	}
}

// measureView is one pass of measureViews.
func measureView(c *chromium, base, id string, tc typingConfig, p pace) viewResult {
	v := viewResult{View: id, Typing: typingResult{Config: tc}}
	from := "attention"
	if id == from {
		from = "pipeline"
	}
	t := &v.Typing
	if _, t.Err = navigate(c, base+tc.fragment()+"&view="+from); t.Err != nil {
		return v
	}
	start, err := evalAwait[int](c.ctx, 10*time.Second, benchJS+";"+viewJS+"; window.__bench.startLongTasks()")
	if err == nil {
		v.SwitchMs, err = evalAwait[float64](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.switchTo(%q, %q)", tc.fragment()+"&view="+id, id))
	}
	if err == nil && v.SwitchMs < 0 {
		err = fmt.Errorf("the page did not show view %s within 15 s of its link", id)
	}
	if err == nil {
		v.Hidden, err = evalAwait[bool](c.ctx, 5*time.Second, "!window.__bench.shown()")
	}
	if err == nil && !v.Hidden {
		err = v.typeAndPaste(c, start, p)
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

// typeAndPaste types into the view's #sentence and pastes 128 tokens into it.
func (v *viewResult) typeAndPaste(c *chromium, start int, p pace) error {
	_, err := evalAwait[bool](c.ctx, 5*time.Second, "window.__bench.focusEnd()")
	count := start
	for i := 0; err == nil && i < p.viewKeystrokes; i++ {
		count, err = typeKey(c, i, count)
	}
	if err == nil {
		v.Typing.UpdatesMs, err = evalAwait[[]float64](c.ctx, 5*time.Second, fmt.Sprintf(
			`performance.getEntriesByName("attnviz:update", "measure").slice(%d, %d).map((e) => e.duration)`, start, count))
	}
	if err == nil {
		v.PasteMs, err = evalAwait[float64](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.paste(%q, 15000)", words(128, 1)))
	}
	if err == nil && v.PasteMs < 0 {
		err = errors.New("a paste of 128 tokens gave no attnviz:update measure within 15 s")
	}
	return err
}

func (r *results) viewRows() []Row {
	const sec = "page: every view (switched into by its link, typed into, a paste of 128 tokens)"
	var rows []Row
	for _, v := range r.views {
		t := v.Typing
		label := fmt.Sprintf("view %s, %s", v.View, t.Config)
		_, p95 := t.cells("")
		long := t.longest()
		switch {
		case t.Err != nil:
		case v.Hidden:
			p95 = missing("", "not typed: the view hides #sentence (it has its own input)")
			long.text += fmt.Sprintf("; switch in %s", FormatMs(v.SwitchMs))
		default:
			long.text += fmt.Sprintf("; switch in %s, paste %s", FormatMs(v.SwitchMs), FormatMs(v.PasteMs))
		}
		rows = append(rows,
			compare(sec, "update p95, "+label, p95, none, target{fmt.Sprintf("≤ %g ms", t.Config.P95), t.Config.P95, false}),
			compare(sec, "longest task, "+label+" (switching in, typing, pasting)", long, none, targetViewTask))
	}
	return rows
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
