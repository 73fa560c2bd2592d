import HTTPTypes
import UnderstudyHTTP

/// The dashboard: one self-contained page (no CDN, no build step) that uses
/// only the admin API.
enum Dashboard {
    /// Never framed by another site (clickjacking its buttons), never sniffed, and its URL (which
    /// may carry the token) never sent on as a referrer.
    static let page = Response(
        status: .ok,
        headerFields: [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentTypeOptions: "nosniff",
            .frameOptions: "DENY", .contentSecurityPolicy: "frame-ancestors 'none'", .referrerPolicy: "no-referrer",
        ], text: html)

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Understudy</title>
        <style>
          :root { color-scheme: light dark; --accent: #3366cc; --muted: #888; }
          body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 16px 24px; }
          h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 20px 0 8px; }
          .muted { color: var(--muted); }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #8884; vertical-align: top; }
          button { font: inherit; padding: 2px 8px; margin: 1px; border: 1px solid #8886; border-radius: 4px; background: transparent; cursor: pointer; }
          button.on { background: var(--accent); color: white; border-color: var(--accent); }
          code { font-size: 12px; }
          #error { color: #c33; white-space: pre-wrap; }
          .status-2 { color: #393; } .status-4 { color: #c80; } .status-5 { color: #c33; }
        </style>
        </head>
        <body>
        <h1>Understudy</h1>
        <div class="muted">Active: <strong id="active">…</strong> · start scenario <span id="start">…</span> ·
          <button id="reset" title="POST /__admin/reset">Reset</button> <button id="reload" title="POST /__admin/reload">Reload files</button></div>
        <div id="error"></div>
        <h2>Scenarios</h2>
        <table id="scenarios"><thead><tr><th>scenario</th><th>all APIs</th><th>swapi</th><th>artic</th><th>catfact</th><th>description</th></tr></thead><tbody></tbody></table>
        <h2>Sessions</h2>
        <div id="sessions" class="muted">none</div>
        <h2>Requests <span class="muted">(refreshing every second)</span> <button id="clear">Clear</button></h2>
        <table id="requests"><thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>session</th><th>scenario</th><th>status</th><th>ms</th></tr></thead><tbody></tbody></table>
        <script>
        const token = new URLSearchParams(location.search).get("token");
        const apis = ["swapi", "artic", "catfact"];
        async function admin(method, path, body) {
          const headers = {"Content-Type": "application/json"};
          if (token) headers["Authorization"] = "Bearer " + token;
          const response = await fetch("/__admin" + path, {method, headers, body: body ? JSON.stringify(body) : undefined});
          const data = await response.json();
          if (!response.ok) throw new Error(data.error + ": " + data.detail);
          return data;
        }
        const text = (value) => typeof value === "string" ? value : JSON.stringify(value);
        function cell(row, content) { const td = row.insertCell(); if (content instanceof Node) td.append(content); else td.textContent = content; return td; }
        function button(label, on, action, attributes) {
          const b = document.createElement("button");
          b.textContent = label; if (on) b.className = "on";
          for (const [k, v] of Object.entries(attributes)) b.setAttribute(k, v);
          b.onclick = () => action().then(refresh).catch(show);
          return b;
        }
        function show(error) { document.getElementById("error").textContent = error ? String(error.message || error) : ""; }
        async function refresh() {
          const [scenarios, state, journal, sessions] = await Promise.all([admin("GET", "/scenarios"), admin("GET", "/scenario"),
            admin("GET", "/requests?limit=50"), admin("GET", "/sessions?limit=20")]);
          document.getElementById("active").textContent = text(state.active);
          document.getElementById("start").textContent = state.start;
          const body = document.querySelector("#scenarios tbody"); body.replaceChildren();
          for (const s of scenarios.scenarios) {
            const row = body.insertRow();
            cell(row, s.name);
            cell(row, button("use", state.active === s.name, () => admin("PUT", "/scenario", {name: s.name}), {"data-scenario": s.name, "data-api": "all"}));
            for (const api of apis) {
              const on = state.overrides[api] === s.name;
              cell(row, button(on ? "on" : "use", on, () => admin("PUT", "/scenario", on ? {name: null, api} : {name: s.name, api}), {"data-scenario": s.name, "data-api": api}));
            }
            cell(row, s.description + (s.extends.length ? " (extends " + s.extends[0] + ")" : ""));
          }
          if (scenarios.last_reload_error) show({message: "Last reload rejected:\n" + scenarios.last_reload_error.problems.join("\n")});
          const shown = Object.entries(sessions.sessions);
          document.getElementById("sessions").textContent = shown.length ? shown.map(([id, s]) => id + " → " + text(s.scenario ?? "-") +
            Object.entries(s.apis).map(([api, v]) => ", " + api + ": " + text(v)).join("")).join("; ") +
            (sessions.count > shown.length ? " … (" + sessions.count + " sessions in all; GET /__admin/sessions pages them)" : "") : "none";
          const rows = document.querySelector("#requests tbody"); rows.replaceChildren();
          for (const r of journal.requests.slice().reverse()) {
            const row = rows.insertRow();
            [r.id, r.time.slice(11, 23), r.method, r.path + (r.query ? "?" + r.query : ""), r.session ?? "", r.scenario].forEach((v) => cell(row, v));
            cell(row, r.status ?? "—").className = "status-" + String(r.status ?? 5)[0];
            cell(row, r.duration_ms);
          }
        }
        document.getElementById("reset").onclick = () => admin("POST", "/reset").then(refresh).then(() => show()).catch(show);
        document.getElementById("reload").onclick = () => admin("POST", "/reload").then(refresh).then(() => show()).catch(show);
        document.getElementById("clear").onclick = () => admin("DELETE", "/requests").then(refresh).catch(show);
        refresh().catch(show);
        setInterval(() => refresh().catch(show), 1000);
        </script>
        </body>
        </html>
        """#
}
