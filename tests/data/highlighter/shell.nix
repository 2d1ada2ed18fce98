# Development shell
{ pkgs ? import <nixpkgs> { } }:

let
  version = "1.0";
in
pkgs.mkShell {
  name = "demo-${version}";
  buildInputs = with pkgs; [ cmake ninja qt6.qtbase ];
  shellHook = ''
    echo "ready"
  '';
  enableDebug = true;
}
