package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// jsFunc is app.FuncOf for every function that JavaScript calls back: an
// observer, a listener, a timer, an ECharts event. A panic in f, such as the
// JavaScript exception of an ECharts call on an instance that a newer chart
// has replaced, is logged and recovered (tryJS): uncaught, it would end the
// Go program and leave a page that answers nothing.
func jsFunc(f func(this app.Value, args []app.Value) any) app.Func {
	return app.FuncOf(func(this app.Value, args []app.Value) (ret any) {
		tryJS(func() { ret = f(this, args) })
		return ret
	})
}

// guardJS, deferred, recovers and logs a panic: a JavaScript exception of a
// call into ECharts or the DOM from go-app's frame, which would otherwise end
// the Go program.
func guardJS() {
	if r := recover(); r != nil {
		app.Log("attnviz:", r)
	}
}

// EngineGuardScript, an inline script of the page's head, is the last line
// behind jsFunc and guardJS: if the Go program ever exits (a panic nothing
// recovered), the page says so in its language and offers a reload, which
// keeps the link and so the sentence and settings, instead of silently
// ignoring every input. It wraps the Go class that wasm_exec.js defines, to
// hear the runtime's exit, and also listens for the error that a call into
// an exited program throws. window.attnvizRuntime is the running Go
// instance, for the end-to-end tests.
const EngineGuardScript = `<script id="engine-guard">
(() => {
  const notice = () => {
    if (document.getElementById("attnviz-dead")) return;
    let lang = (/(?:^#|&)lang=([^&]*)/.exec(location.hash) || [])[1] || "";
    if (!lang) try { lang = localStorage.getItem("attnviz.lang") || ""; } catch (e) {}
    const zh = lang.startsWith("zh");
    const box = document.createElement("div");
    box.id = "attnviz-dead";
    box.className = "engine-dead";
    box.setAttribute("role", "alert");
    const p = document.createElement("p");
    p.textContent = zh
      ? "注意力引擎因错误而停止了，页面不再响应。重新加载即可继续：句子和设置都保存在链接里。"
      : "The attention engine stopped after an error, so the page no longer answers. Reload to go on: your sentence and settings are kept in the link.";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = zh ? "重新加载" : "Reload";
    button.addEventListener("click", () => location.reload());
    box.append(p, button);
    document.body.prepend(box);
    button.focus();
  };
  let Go;
  Object.defineProperty(globalThis, "Go", {
    configurable: true,
    get: () => Go,
    set: (Base) => {
      Go = class extends Base {
        constructor() {
          super();
          const exit = this.exit;
          this.exit = (code) => { exit(code); notice(); };
          globalThis.attnvizRuntime = this;
        }
      };
    },
  });
  addEventListener("error", (e) => {
    if (/Go program has already exited/.test(e.message || "")) notice();
  });
})();
</script>`

// disposeLater disposes of the ECharts instance chart (if not nil) and then
// releases funcs, the Go functions it calls, in a task of their own. A Go
// function that ECharts calls while it draws (a custom series' renderItem)
// lets go-app's goroutines run before it returns, and a chart dismounted
// then would be disposed in the middle of its own drawing, which throws
// ("Cannot read properties of null").
func disposeLater(chart app.Value, funcs ...app.Func) {
	var done app.Func
	done = jsFunc(func(app.Value, []app.Value) any {
		if chart != nil {
			tryJS(func() { chart.Call("dispose") })
		}
		for _, f := range funcs {
			if f != nil {
				f.Release()
			}
		}
		done.Release()
		return nil
	})
	app.Window().Call("setTimeout", done, 0)
}
