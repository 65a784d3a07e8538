package dom

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Download saves data as a file called name, of type mediaType, through a
// blob URL: the bytes never leave the page, and no request is made.
func Download(name, mediaType string, data []byte) bool {
	return Try(func() {
		arr := app.Window().Get("Uint8Array").New(len(data))
		app.CopyBytesToJS(arr, data)
		blob := app.Window().Get("Blob").New([]any{arr}, map[string]any{"type": mediaType})
		DownloadBlob(name, blob)
	})
}

// DownloadBlob saves the JavaScript Blob blob as a file called name. The
// blob URL is revoked a minute later, once the browser has read it.
func DownloadBlob(name string, blob app.Value) {
	Try(func() {
		url := app.Window().Get("URL")
		href := url.Call("createObjectURL", blob).String()
		doc := app.Window().Get("document")
		a := doc.Call("createElement", "a")
		a.Set("href", href)
		a.Set("download", name)
		a.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", a)
		a.Call("click")
		a.Call("remove")
		app.Window().Call("setTimeout", url.Get("revokeObjectURL"), 60000, href)
	})
}

// CopyText puts text on the clipboard and calls done, from the browser's
// event loop, with whether it worked: the clipboard needs a secure page and
// the user's gesture, and may be refused.
func CopyText(text string, done func(ok bool)) {
	var then, fail app.Func
	finish := func(ok bool) {
		then.Release()
		fail.Release()
		done(ok)
	}
	then = app.FuncOf(func(app.Value, []app.Value) any { finish(true); return nil })
	fail = app.FuncOf(func(app.Value, []app.Value) any { finish(false); return nil })
	ok := Try(func() {
		clip := app.Window().Get("navigator").Get("clipboard")
		if !clip.Truthy() {
			panic("navigator.clipboard is missing (the page is not secure)")
		}
		clip.Call("writeText", text).Call("then", then, fail)
	})
	if !ok {
		finish(false)
	}
}
