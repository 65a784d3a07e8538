package page

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestFirstPictures checks that the pictures of the first heatmap cover
// every width of the chart, each range with one layout of the option's
// media rules and the next with another, and each drawn at a width of its
// range.
func TestFirstPictures(t *testing.T) {
	pics, err := FirstPictures()
	if err != nil {
		t.Fatal(err)
	}
	option, err := FirstHeatmapOption()
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Media []struct {
			Query  map[string]int `json:"query"`
			Option any            `json:"option"`
		} `json:"media"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatal(err)
	}
	// layout is app/chart/chart_media.go's matchMedia: the settings at width.
	layout := func(width int) any {
		var fallback any
		for _, m := range o.Media {
			if m.Query == nil {
				if fallback == nil {
					fallback = m.Option
				}
				continue
			}
			if lo, ok := m.Query["minWidth"]; ok && width < lo {
				continue
			}
			if hi, ok := m.Query["maxWidth"]; ok && width > hi {
				continue
			}
			return m.Option
		}
		return fallback
	}
	if len(pics) == 0 || pics[0].MinWidth != 0 || pics[len(pics)-1].MaxWidth != 0 {
		t.Fatalf("the pictures %v do not cover every width", pics)
	}
	for i, p := range pics {
		top := p.MaxWidth
		if top == 0 {
			top = p.MinWidth + 2000
		}
		if p.Side < p.MinWidth || p.Side > top {
			t.Errorf("picture %d, for widths %d–%d, is drawn %d wide", i, p.MinWidth, p.MaxWidth, p.Side)
		}
		for _, w := range []int{p.MinWidth, p.Side, top} {
			if !reflect.DeepEqual(layout(w), layout(p.Side)) {
				t.Errorf("picture %d, for widths %d–%d: the layout at %d differs from the one drawn, at %d", i, p.MinWidth, p.MaxWidth, w, p.Side)
			}
		}
		if i > 0 {
			if prev := pics[i-1]; prev.MaxWidth+1 != p.MinWidth {
				t.Errorf("pictures %d and %d leave a gap or overlap: %v, %v", i-1, i, prev, p)
			} else if reflect.DeepEqual(layout(prev.MaxWidth), layout(p.MinWidth)) {
				t.Errorf("pictures %d and %d have the same layout: one would do", i-1, i)
			}
		}
		if !strings.HasPrefix(p.Path(), "/web/first-heatmap-") {
			t.Errorf("picture %d's path %s", i, p.Path())
		}
	}

	css := FirstPictureCSS(pics)
	for _, p := range pics {
		if n := strings.Count(css, p.Path()[len("/web/"):]); n != 1 {
			t.Errorf("the CSS names %s %d times:\n%s", p.Path(), n, css)
		}
	}
}
