using System;
// A client as ASMX-era .NET applications were written: the SoapHttpClientProtocol proxies that
// Mono's wsdl tool generated from the service's WSDL (Soap11.cs, Soap12.cs), called with .NET types.
public static class Client {
  public static int Main(string[] args) {
    if (args.Length != 3) { Console.Error.WriteLine("usage: Client.exe URL 1.1|1.2 EMAIL"); return 2; }
    string url = args[0], email = args[2];
    string ts = "2024-05-06T07:08:09", sig = "c2lnbmF0dXJl", key = "bW9iaWxla2V5";
    DateTime start = new DateTime(2024, 5, 6, 7, 8, 9), end = start.AddHours(1);
    // The two generated proxies share no interface (each is its own tsiWS class), so the calls are written twice.
    if (args[1] == "1.1") {
      var p = new Soap11.tsiWS { Url = url };
      p.MobileAccountSearch("Acme", "", "", "", 101, ts, sig);
      p.MobileContactEmailCreate(0, 2001, email, true, 101, ts, sig, key);
      p.MobileTimeLogCreate(6001, 0, start, end, 1, 0, "on site", "Repair", 0, 0, "none", 1, 0, 101, ts, sig, key);
      Console.WriteLine(p.MobileContactSearch("", "", "", email, 101, ts, sig));
    } else {
      var p = new Soap12.tsiWS { Url = url };
      p.MobileAccountSearch("Acme", "", "", "", 101, ts, sig);
      p.MobileContactEmailCreate(0, 2001, email, true, 101, ts, sig, key);
      p.MobileTimeLogCreate(6001, 0, start, end, 1, 0, "on site", "Repair", 0, 0, "none", 1, 0, 101, ts, sig, key);
      Console.WriteLine(p.MobileContactSearch("", "", "", email, 101, ts, sig));
    }
    return 0;
  }
}
