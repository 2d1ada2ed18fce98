#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Loads images from any source; a loader the manager can ask.
@protocol ImageLoader <NSObject>

@required
/// Whether this loader can load the URL.
- (BOOL)canRequestImageForURL:(nullable NSURL *)url;

/// Whether a failed URL goes on the block list.
- (BOOL)shouldBlockFailedURL:(nonnull NSURL *)url
                   withError:(nonnull NSError *)error API_DEPRECATED_WITH_REPLACEMENT("shouldBlockFailedURL:withError:options:", macos(10.10, 10.10), ios(8.0, 8.0));

- (BOOL)shouldBlockFailedURL:(nonnull NSURL *)url
                   withError:(nonnull NSError *)error
                     options:(NSUInteger)options;

@end

/// The default loader.
@interface URLImageLoader : NSObject <ImageLoader>

+ (instancetype)sharedLoader;
- (instancetype)init NS_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END
