//===- KeepLibrariesLoaded.cpp - No library unloads under LeakSanitizer ---===//
//
// Linked into the sanitized halc-run and ServingTests only. The Vulkan
// loader unloads the driver (lavapipe) when the instance is destroyed; what
// the driver still holds in its globals then looks leaked at exit
// (LeakSanitizer no longer sees those globals, nor can it name the frames).
// These programs keep every library loaded, so that a leak reported is one.
//
//===----------------------------------------------------------------------===//

extern "C" int dlclose(void *) { return 0; }
