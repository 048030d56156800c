import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./address-policy";

describe("isPrivateAddress", () => {
  it("refuses loopback, private, link-local, metadata and reserved IPv4", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it("allows public IPv4 next to the private ranges", () => {
    for (const address of ["8.8.8.8", "172.15.255.255", "172.32.0.0", "100.128.0.1", "169.253.1.1", "1.1.1.1"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("refuses IPv6 loopback, unique-local (AWS metadata fd00:ec2::254), link-local and embedded private IPv4", () => {
    for (const address of [
      "::1",
      "::",
      "[::1]",
      "fd00:ec2::254",
      "fc00::1",
      "fe80::1%eth0",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "ff02::1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it("refuses every IPv6 spelling of link-local and cloud-metadata addresses, as URL hosts too", () => {
    for (const host of [
      "[fe80::1]",
      "[::ffff:169.254.169.254]",
      "[::ffff:a9fe:a9fe]",
      "[0:0:0:0:0:ffff:a9fe:a9fe]",
      "[64:ff9b::a9fe:a9fe]",
      "[64:ff9b::169.254.169.254]",
      "[::ffff:0:a9fe:a9fe]",
      "[::ffff:0:169.254.169.254]",
      "[2002:a9fe:a9fe::1]",
      "[2001:0:4136:e378:8000:63bf:56fe:a901]",
    ]) {
      // The URL parser rewrites the spelling; what reaches the check is its hostname.
      const hostname = new URL(`http://${host}/`).hostname;
      expect(isPrivateAddress(hostname), `${host} -> ${hostname}`).toBe(true);
    }
    expect(isPrivateAddress("2002:0808:0808::1")).toBe(false);
  });

  it("allows public IPv6 and refuses anything it cannot parse", () => {
    expect(isPrivateAddress("2606:4700:4700::1111")).toBe(false);
    expect(isPrivateAddress("::ffff:8.8.8.8")).toBe(false);
    expect(isPrivateAddress("not-an-address")).toBe(true);
    expect(isPrivateAddress("1:2:3")).toBe(true);
  });
});
