// A minimal ASP.NET host for the generated tsiWS.asmx site, so that the conformance tester can be
// run against Mono's own System.Web.Services (Debian's xsp4 does not start on Mono 6.8).
//
//   mono bin/AsmxHost.exe <port> <site folder>
//
// The web application runs in the AppDomain ApplicationHost.CreateApplicationHost makes (it loads
// this assembly from <site>/bin, hence the output path); the HttpListener lives in that domain too,
// so no request crosses a domain boundary. Each request is handed to HttpRuntime on the thread
// pool. The worker request forwards the request as received and writes back ASP.NET's status,
// description, headers and body unchanged; HttpListener adds only what it forces (Server, Date,
// Content-Length, Keep-Alive, and Connection: close on 400 and 500, observed on Mono 6.8).
// Prints "listening http://127.0.0.1:<port>/" when ready and exits when stdin closes or on
// SIGTERM/SIGINT.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Text;
using System.Threading;
using System.Web;
using System.Web.Hosting;
using Mono.Unix;
using Mono.Unix.Native;

public static class AsmxHostMain
{
	public static int Main (string[] args)
	{
		if (args.Length != 2) {
			Console.Error.WriteLine ("usage: mono AsmxHost.exe <port> <site folder>");
			return 2;
		}
		string site = Path.GetFullPath (args [1]);
		var app = (AsmxAppHost) ApplicationHost.CreateApplicationHost (typeof (AsmxAppHost), "/", site);
		string prefix = "http://127.0.0.1:" + int.Parse (args [0]) + "/";
		app.Start (prefix);
		Console.Out.WriteLine ("listening " + prefix);
		Console.Out.Flush ();

		var stop = new ManualResetEvent (false);
		Background (() => { Console.In.ReadToEnd (); stop.Set (); });
		Background (() => {
			UnixSignal.WaitAny (new [] { new UnixSignal (Signum.SIGTERM), new UnixSignal (Signum.SIGINT) });
			stop.Set ();
		});
		stop.WaitOne ();
		app.Stop ();
		return 0;
	}

	static void Background (ThreadStart body)
	{
		new Thread (body) { IsBackground = true }.Start ();
	}
}

/// Lives in the web application's AppDomain.
public class AsmxAppHost : MarshalByRefObject
{
	HttpListener listener;

	// The main domain holds this proxy for the whole run: never let its lease expire.
	public override object InitializeLifetimeService () { return null; }

	public void Start (string prefix)
	{
		listener = new HttpListener ();
		listener.Prefixes.Add (prefix);
		listener.Start ();
		new Thread (Loop) { IsBackground = true }.Start ();
	}

	public void Stop ()
	{
		listener.Close ();
	}

	void Loop ()
	{
		while (true) {
			HttpListenerContext ctx;
			try {
				ctx = listener.GetContext ();
			} catch (Exception) {
				return; // closed
			}
			ThreadPool.QueueUserWorkItem (_ => Serve (ctx));
		}
	}

	static void Serve (HttpListenerContext ctx)
	{
		try {
			HttpRuntime.ProcessRequest (new ListenerWorkerRequest (ctx));
		} catch (Exception e) {
			Console.Error.WriteLine ("host: " + e);
			try { ctx.Response.Abort (); } catch (Exception) { }
		}
	}
}

/// One request: what HttpListener received, in the shape HttpRuntime asks for it.
public class ListenerWorkerRequest : SimpleWorkerRequest
{
	readonly HttpListenerContext ctx;
	readonly byte[] body;
	readonly string uriPath, filePath, pathInfo, query;
	readonly MemoryStream output = new MemoryStream ();
	readonly List<KeyValuePair<string, string>> headers = new List<KeyValuePair<string, string>> ();
	int status = 200;
	string statusDescription = "OK";
	int ended;

	public ListenerWorkerRequest (HttpListenerContext ctx) : base ("", "", null)
	{
		this.ctx = ctx;
		string raw = ctx.Request.RawUrl;
		int q = raw.IndexOf ('?');
		uriPath = Uri.UnescapeDataString (q < 0 ? raw : raw.Substring (0, q));
		query = q < 0 ? "" : raw.Substring (q + 1);
		SplitPath (uriPath, out filePath, out pathInfo);
		using (var buffer = new MemoryStream ()) {
			ctx.Request.InputStream.CopyTo (buffer);
			body = buffer.ToArray ();
		}
	}

	// As IIS does: the file path is the shortest prefix naming a file, the rest is path info
	// (/api/rmm/tsiWS.asmx/MobileX -> /api/rmm/tsiWS.asmx + /MobileX, the HTTP GET/POST route).
	static void SplitPath (string path, out string file, out string info)
	{
		string root = HttpRuntime.AppDomainAppPath;
		for (int i = path.IndexOf ('/', 1); i > 0; i = path.IndexOf ('/', i + 1)) {
			if (File.Exists (Path.Combine (root, path.Substring (1, i - 1)))) {
				file = path.Substring (0, i);
				info = path.Substring (i);
				return;
			}
		}
		file = path;
		info = "";
	}

	public override string GetHttpVerbName () { return ctx.Request.HttpMethod; }
	public override string GetHttpVersion () { return "HTTP/" + ctx.Request.ProtocolVersion; }
	public override string GetUriPath () { return uriPath; }
	public override string GetFilePath () { return filePath; }
	public override string GetPathInfo () { return pathInfo; }
	public override string GetFilePathTranslated () { return MapPath (filePath); }
	public override string GetQueryString () { return query; }
	public override byte[] GetQueryStringRawBytes () { return Encoding.UTF8.GetBytes (query); }
	public override string GetRawUrl () { return ctx.Request.RawUrl; }
	public override string GetLocalAddress () { return ctx.Request.LocalEndPoint.Address.ToString (); }
	public override int GetLocalPort () { return ctx.Request.LocalEndPoint.Port; }
	public override string GetRemoteAddress () { return ctx.Request.RemoteEndPoint.Address.ToString (); }
	public override int GetRemotePort () { return ctx.Request.RemoteEndPoint.Port; }
	public override string GetServerName () { return ctx.Request.Url.Host; }
	public override string GetProtocol () { return "http"; }

	public override string GetKnownRequestHeader (int index)
	{
		return ctx.Request.Headers [GetKnownRequestHeaderName (index)];
	}

	public override string GetUnknownRequestHeader (string name)
	{
		return ctx.Request.Headers [name];
	}

	public override string[][] GetUnknownRequestHeaders ()
	{
		var unknown = new List<string[]> ();
		foreach (string name in ctx.Request.Headers.AllKeys)
			if (GetKnownRequestHeaderIndex (name) < 0)
				unknown.Add (new [] { name, ctx.Request.Headers [name] });
		return unknown.ToArray ();
	}

	// The whole body is read up front, so it is all preloaded.
	public override byte[] GetPreloadedEntityBody () { return body; }
	public override bool IsEntireEntityBodyIsPreloaded () { return true; }
	public override int ReadEntityBody (byte[] buffer, int size) { return 0; }
	public override long GetBytesRead () { return body.Length; }
	public override int GetTotalEntityBodyLength () { return body.Length; }

	public override void SendStatus (int statusCode, string description)
	{
		status = statusCode;
		statusDescription = description;
	}

	public override void SendKnownResponseHeader (int index, string value)
	{
		headers.Add (new KeyValuePair<string, string> (GetKnownResponseHeaderName (index), value));
	}

	public override void SendUnknownResponseHeader (string name, string value)
	{
		headers.Add (new KeyValuePair<string, string> (name, value));
	}

	public override void SendResponseFromMemory (byte[] data, int length)
	{
		output.Write (data, 0, length);
	}

	public override void SendResponseFromFile (string filename, long offset, long length)
	{
		using (var file = File.OpenRead (filename)) {
			file.Seek (offset, SeekOrigin.Begin);
			var chunk = new byte [length < 0 ? file.Length - offset : length];
			int read = file.Read (chunk, 0, chunk.Length);
			output.Write (chunk, 0, read);
		}
	}

	public override void SendResponseFromFile (IntPtr handle, long offset, long length)
	{
		throw new NotSupportedException ("file handles");
	}

	// The response is sent whole at the end, with its exact Content-Length.
	public override void FlushResponse (bool finalFlush) { }

	public override void EndOfRequest ()
	{
		if (Interlocked.Exchange (ref ended, 1) == 1)
			return;
		HttpListenerResponse response = ctx.Response;
		try {
			response.StatusCode = status;
			response.StatusDescription = statusDescription;
			foreach (var h in headers) {
				// Framing is HttpListener's: it writes Content-Length from the body below.
				if (h.Key.Equals ("Content-Length", StringComparison.OrdinalIgnoreCase) || h.Key.Equals ("Transfer-Encoding", StringComparison.OrdinalIgnoreCase))
					continue;
				if (h.Key.Equals ("Content-Type", StringComparison.OrdinalIgnoreCase))
					response.ContentType = h.Value;
				else
					response.AppendHeader (h.Key, h.Value);
			}
			byte[] data = output.ToArray ();
			response.ContentLength64 = data.Length;
			response.OutputStream.Write (data, 0, data.Length);
			response.Close ();
		} catch (Exception e) {
			Console.Error.WriteLine ("host: " + e);
			response.Abort ();
		}
	}
}
