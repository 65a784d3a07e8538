package views

import (
	"bytes"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention/export"
)

// TestExportMenuControls checks that the menu has a control with
// data-export for every format the issue names, and copy buttons.
func TestExportMenuControls(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	html := render(t, &ExportMenu{Props: propsOf(t, s, 0)})
	for _, f := range []string{"png", "svg", "json", "csv", "text", "latex", "markdown"} {
		if !strings.Contains(html, `data-export="`+f+`"`) {
			t.Errorf("no control with data-export=%q", f)
		}
	}
	for _, f := range []string{"json", "csv", "text", "latex", "markdown"} {
		if !strings.Contains(html, `data-copy="`+f+`"`) {
			t.Errorf("no control with data-copy=%q", f)
		}
	}
	for _, id := range []string{`id="export"`, `id="copy-link"`, `id="export-status"`} {
		if !strings.Contains(html, id) {
			t.Errorf("no element %s", id)
		}
	}
}

// TestResultFile checks the bytes and names of the result's files: the
// bytes are attention/export's for the page's spec and head, and only the
// one-matrix formats name the head.
func TestResultFile(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Head = 1
	s.Causal = true
	p := propsOf(t, s, 0)
	for _, tc := range []struct {
		f    export.Format
		name string
	}{
		{export.JSON, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.json"},
		{export.CSV, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.csv"},
		{export.Text, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.txt"},
		{export.LaTeX, "attention-the-cat-sat-on-the-mat-because-it-was-h2-causal-d16-seed1.tex"},
		{export.Markdown, "attention-the-cat-sat-on-the-mat-because-it-was-h2-causal-d16-seed1.md"},
	} {
		name, data, err := resultFile(p, tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		want, err := export.Bytes(tc.f, p.Result, s.Spec(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s: the bytes differ from export.Bytes for head 2", tc.f)
		}
		if name != tc.name {
			t.Errorf("%s: name %q, want %q", tc.f, name, tc.name)
		}
	}
}

// TestChartFileName checks that only the main heatmap keeps the label's
// name, and that the others add their view and number.
func TestChartFileName(t *testing.T) {
	l := export.Label{Sentence: "A b.", Heads: 2, Head: 0, DModel: 16}
	for _, tc := range []struct {
		view string
		k    int
		want string
	}{
		{"attention", 0, "attention-a-b-h1-d16.png"},
		{"attention", 1, "attention-a-b-h1-d16-attention-2.png"},
		{"pipeline", 0, "attention-a-b-h1-d16-pipeline-1.png"},
	} {
		if got := chartFileName(l, tc.view, tc.k, "png"); got != tc.want {
			t.Errorf("chartFileName(%s, %d) = %q, want %q", tc.view, tc.k, got, tc.want)
		}
	}
}

// TestChartCaption checks that the English caption is attention/export's
// own, for every kind of head, and that the Chinese one says the same in
// Chinese.
func TestChartCaption(t *testing.T) {
	for _, l := range []export.Label{
		{Sentence: "The cat sat on the mat, and then it slept for a very long time.", Heads: 2, Head: 1, Causal: true, DModel: 16, Seed: 1, Seeded: true},
		{Sentence: "A b", Heads: 4, Head: export.Mean, DModel: 8},
		{Sentence: "", Heads: 1, Head: 0, DModel: 4},
	} {
		if got, want := chartCaption(i18n.LangEN, l), l.Caption(); got != want {
			t.Errorf("English caption %q, want export's %q", got, want)
		}
	}
	l := export.Label{Sentence: "注意力机制很重要", Heads: 2, Head: 1, Causal: true, DModel: 16, Seed: 7, Seeded: true}
	if got, want := chartCaption(i18n.LangZH, l), "“注意力机制很重要” · 头 2（共 2 个） · 因果掩码 · d_model 16 · 种子 7"; got != want {
		t.Errorf("Chinese caption %q, want %q", got, want)
	}
}
