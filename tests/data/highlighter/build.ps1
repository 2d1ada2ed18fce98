# Builds the demo
param(
    [string]$Config = "Release",
    [int]$Jobs = 2
)
$ErrorActionPreference = 'Stop'
function Invoke-Build {
    Write-Host "Building $Config with $Jobs jobs"
    cmake --build build --config $Config -j $Jobs
}
if (Test-Path build) { Invoke-Build } else { exit 1 }
