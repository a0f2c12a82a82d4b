<?php
/**
 * Deleting the plugin deletes its one option (on every site of a network).
 *
 * @package StorefrontWidgets
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $storefront_widgets_site ) {
		switch_to_blog( $storefront_widgets_site );
		delete_option( 'storefront_widgets_settings' );
		restore_current_blog();
	}
} else {
	delete_option( 'storefront_widgets_settings' );
}
