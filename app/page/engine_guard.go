package page

// EngineGuardScript, an inline script of the page's head, is the last line
// behind dom.Func and dom.Guard: if the Go program ever exits (a panic nothing
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
