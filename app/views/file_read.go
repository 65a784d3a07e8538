package views

import (
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
)

// readFile reads, as text, the file chosen in the file input that ctx is a
// change of (ctx.JSSrc()); none chosen, it does nothing. A file of more
// than limit bytes is not read: tooBig is told its size. Else the text goes
// to loaded, or a failure to failed, both dispatched: with the message key
// of a file that is empty or not UTF-8 (textProblem), "" for one the
// browser could not read. funcs holds the
// FileReader's callbacks: the last read's are released, the owner releases
// these on dismount. The input is cleared, after a file too big too: the
// same file again is a change.
func readFile(ctx app.Context, funcs *[]app.Func, limit int, tooBig func(size int),
	loaded func(ctx app.Context, text string), failed func(key string)) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	file := files.Index(0)
	if size := file.Get("size").Int(); size > limit {
		ctx.JSSrc().Set("value", "") // the same file, shortened, is a change too
		tooBig(size)
		return
	}
	for _, f := range *funcs {
		f.Release()
	}
	reader := app.Window().Get("FileReader").New()
	onload := dom.Func(func(app.Value, []app.Value) any {
		text := reader.Get("result").String()
		ctx.Dispatch(func(ctx app.Context) {
			if key := textProblem(text); key != "" {
				failed(key)
				return
			}
			loaded(ctx, text)
		})
		return nil
	})
	onerror := dom.Func(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(app.Context) { failed("") })
		return nil
	})
	*funcs = []app.Func{onload, onerror}
	reader.Set("onload", onload)
	reader.Set("onerror", onerror)
	reader.Call("readAsText", file)
	ctx.JSSrc().Set("value", "")
}

// textProblem returns the message key of a chosen file's text that cannot
// be used: "file.empty" for none (blank), "file.notUTF8" where the browser
// put U+FFFD for bytes that are not UTF-8 (a Latin-1 file's "café" came in
// as "caf\uFFFD" without a word); "" for text to read.
func textProblem(text string) string {
	switch {
	case strings.TrimSpace(text) == "":
		return "file.empty"
	case strings.ContainsRune(text, utf8.RuneError):
		return "file.notUTF8"
	}
	return ""
}
